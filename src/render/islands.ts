// Server side of the islands registry: the same modules the browser loads lazily
// (islands/runtime/registry.ts), imported eagerly for server rendering.
import type { ComponentType } from "react";
import type { IslandName } from "../../islands/runtime/registry";
import LogoutButton from "../../islands/LogoutButton/LogoutButton";
import Toaster from "../../islands/Toaster/Toaster";

export const serverIslands: { [N in IslandName]: ComponentType<any> } = {
  LogoutButton,
  Toaster,
};
