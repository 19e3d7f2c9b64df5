// Server side of the islands registry: the same modules the browser loads lazily
// (islands/runtime/registry.ts), imported eagerly for server rendering.
import type { ComponentType } from "react";
import type { IslandName } from "../../islands/runtime/registry";
import LogoutButton from "../../islands/LogoutButton/LogoutButton";
import Toaster from "../../islands/Toaster/Toaster";
import RunsAdmin from "../../islands/RunsAdmin/RunsAdmin";
import SignInForm from "../../islands/SignInForm/SignInForm";
import RegisterForm from "../../islands/RegisterForm/RegisterForm";
import InviteAccept from "../../islands/InviteAccept/InviteAccept";
import ProfileForm from "../../islands/ProfileForm/ProfileForm";
import PasswordForm from "../../islands/PasswordForm/PasswordForm";
import RaidCalendar from "../../islands/RaidCalendar/RaidCalendar";
import ChallengeCalendar from "../../islands/ChallengeCalendar/ChallengeCalendar";
import DesertCalendar from "../../islands/DesertCalendar/DesertCalendar";
import UsersAdmin from "../../islands/UsersAdmin/UsersAdmin";
import GamesAdmin from "../../islands/GamesAdmin/GamesAdmin";

export const serverIslands: { [N in IslandName]: ComponentType<any> } = {
  LogoutButton,
  Toaster,
  RunsAdmin,
  SignInForm,
  RegisterForm,
  InviteAccept,
  ProfileForm,
  PasswordForm,
  RaidCalendar,
  ChallengeCalendar,
  DesertCalendar,
  UsersAdmin,
  GamesAdmin,
};
