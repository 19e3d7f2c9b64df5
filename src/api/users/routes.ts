import { Elysia } from "elysia";
import type { AppContext } from "../../http/context";
import { session } from "../../http/sessionGuard";
import { STAFF_ROLES } from "../../shared/enums";
import { updateUserSchema } from "../../shared/schemas/users";
import { idParams } from "../../shared/schemas/params";
import { z } from "zod";
import { successSchema, userListItemSchema } from "../../shared/schemas/responses";
import { doc, replies } from "../../http/contract";
import { deleteUser, listUsers, updateUser } from "./service";

/** The users list and the edit/delete actions, for administrators and the owner. */
export const usersRoutes = (deps: AppContext) =>
  new Elysia({ name: "users-routes", prefix: "/api" })
    .use(session(deps))
    .get("/users", () => listUsers(deps.db),
      { roles: STAFF_ROLES, response: replies({ 200: z.array(userListItemSchema) }, 401, 403), detail: doc("Users", "Every live user, oldest first, with boosters' game assignments") })
    .patch("/users/:id", ({ viewer, params, body, audit }) => updateUser(deps.db, viewer, params.id, body, deps.clock(), audit),
      { roles: STAFF_ROLES, params: idParams, body: updateUserSchema, response: replies({ 200: userListItemSchema }, 400, 401, 403, 404, 409), detail: doc("Users", "Edit a user: nickname, status, games, role") })
    .delete("/users/:id", async ({ viewer, params, audit }) => {
      await deleteUser(deps.db, viewer, params.id, deps.clock(), audit);
      return { success: true as const };
    }, { roles: STAFF_ROLES, params: idParams, response: replies({ 200: successSchema }, 400, 401, 403, 404, 409), detail: doc("Users", "Delete a user (their runs and sessions end)") });
