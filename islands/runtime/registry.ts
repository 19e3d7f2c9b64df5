// Every island by name. The client loads each lazily (its own chunk); the server imports
// the same modules for SSR (src/render/islands.ts). Add an island in both places.
export const registry = {
  LogoutButton: () => import("../LogoutButton/LogoutButton"),
  Toaster: () => import("../Toaster/Toaster"),
};

export type IslandName = keyof typeof registry;
export type IslandProps<N extends IslandName> = React.ComponentProps<Awaited<ReturnType<(typeof registry)[N]>>["default"]>;
