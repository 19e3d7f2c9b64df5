// Every island by name. The client loads each lazily (its own chunk); the server imports
// the same modules for SSR (src/render/islands.ts). Add an island in both places.
export const registry = {
  RunsAdmin: () => import("../RunsAdmin/RunsAdmin"),
  LogoutButton: () => import("../LogoutButton/LogoutButton"),
  Toaster: () => import("../Toaster/Toaster"),
  SignInForm: () => import("../SignInForm/SignInForm"),
  RegisterForm: () => import("../RegisterForm/RegisterForm"),
  InviteAccept: () => import("../InviteAccept/InviteAccept"),
  ProfileForm: () => import("../ProfileForm/ProfileForm"),
  PasswordForm: () => import("../PasswordForm/PasswordForm"),
  RaidCalendar: () => import("../RaidCalendar/RaidCalendar"),
  ChallengeCalendar: () => import("../ChallengeCalendar/ChallengeCalendar"),
  DesertCalendar: () => import("../DesertCalendar/DesertCalendar"),
  UsersAdmin: () => import("../UsersAdmin/UsersAdmin"),
  GamesAdmin: () => import("../GamesAdmin/GamesAdmin"),
};

export type IslandName = keyof typeof registry;
export type IslandProps<N extends IslandName> = React.ComponentProps<Awaited<ReturnType<(typeof registry)[N]>>["default"]>;
