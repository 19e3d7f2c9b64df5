import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDeps } from "../../http/context";
import { session } from "../../http/session";
import { STAFF_ROLES } from "../../shared/enums";
import { updateUserSchema } from "../../shared/schemas/users";
import { idParams } from "../../shared/schemas/params";
import { T } from "../../shared/text";
import { deleteUser, listUsers, updateUser } from "./service";

/** The users list and the edit/delete actions of SPEC §7, for administrators and the owner. */
export const usersRoutes = (deps: AppDeps) =>
  new Elysia({ name: "users-routes", prefix: "/api" })
    .use(session(deps))
    .get("/users", () => listUsers(deps.db), { roles: STAFF_ROLES })
    .patch("/users/:id", ({ viewer, params, body }) => updateUser(deps.db, viewer, params.id, body, deps.clock()),
      { roles: STAFF_ROLES, params: idParams, body: updateUserSchema })
    .delete("/users/:id", async ({ viewer, params }) => {
      await deleteUser(deps.db, viewer, params.id, deps.clock());
      return { success: true as const };
    }, { roles: STAFF_ROLES, params: idParams });
