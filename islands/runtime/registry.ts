// Generated from the islands/ folders by src/render/islandFolders.ts on every build
// (`bun run build`, `bun run dev`, the tests). Do not edit: add a folder islands/<Name>/
// with <Name>.tsx instead. The client loads each island lazily (its own chunk); the server
// imports the same modules for SSR (src/pages/island.tsx).
export const registry = {
  ActivityLog: () => import("../ActivityLog/ActivityLog"),
  ChallengeCalendar: () => import("../ChallengeCalendar/ChallengeCalendar"),
  DesertCalendar: () => import("../DesertCalendar/DesertCalendar"),
  GamesAdmin: () => import("../GamesAdmin/GamesAdmin"),
  InviteAccept: () => import("../InviteAccept/InviteAccept"),
  LanguageForm: () => import("../LanguageForm/LanguageForm"),
  LogoutButton: () => import("../LogoutButton/LogoutButton"),
  PasswordForm: () => import("../PasswordForm/PasswordForm"),
  ProfileForm: () => import("../ProfileForm/ProfileForm"),
  RaidCalendar: () => import("../RaidCalendar/RaidCalendar"),
  RegisterForm: () => import("../RegisterForm/RegisterForm"),
  RunsAdmin: () => import("../RunsAdmin/RunsAdmin"),
  SignInForm: () => import("../SignInForm/SignInForm"),
  Toaster: () => import("../Toaster/Toaster"),
  UsersAdmin: () => import("../UsersAdmin/UsersAdmin"),
};

export type IslandName = keyof typeof registry;
export type IslandProps<N extends IslandName> = React.ComponentProps<Awaited<ReturnType<(typeof registry)[N]>>["default"]>;
