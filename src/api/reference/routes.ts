import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../http/context";
import { REGIONS } from "../../shared/enums";
import { T } from "../../shared/text";
import { idParams } from "../../shared/schemas/params";
import {
  classSpecRowSchema, completionModeRowSchema, factionRowSchema, raidRowSchema, serviceTypeRowSchema,
} from "../../shared/schemas/responses";
import { doc, replies } from "../../http/contract";
import { listClassSpecs, listCompletionModes, listFactions, listRaids, listServiceTypes } from "./queries";


/**
 * Reference lists for the run forms. Public: the same names appear on the
 * public calendars, and nothing here is private.
 * - GET /api/raids/{gameId}: raids with `difficulties` and `completionModes`
 * - GET /api/raids/{raidId}/completion-modes: one raid's completion modes (the product leaves
 *   this call open; the raid list above already carries them, so the form needs one call)
 * - GET /api/factions/{gameId}?region=EU|US
 * - GET /api/service-types/{gameId}
 * - GET /api/wow-class-specs
 */
export const referenceRoutes = (deps: AppContext) =>
  new Elysia({ name: "reference-routes", prefix: "/api" })
    // One param name on both /raids routes: the router needs the same name at one position.
    .get("/raids/:id", ({ params }) => listRaids(deps.db, params.id),
      { params: idParams, response: replies({ 200: z.array(raidRowSchema) }, 400), detail: doc("Reference data", "A game's raids with their difficulties and completion modes (id: the game)") })
    .get("/raids/:id/completion-modes", ({ params }) => listCompletionModes(deps.db, params.id),
      { params: idParams, response: replies({ 200: z.array(completionModeRowSchema) }, 400), detail: doc("Reference data", "One raid's completion modes (id: the raid)") })
    .get("/factions/:id", ({ params, query }) => listFactions(deps.db, params.id, query.region), {
      params: idParams,
      query: z.object({ region: z.enum(REGIONS, { error: T.validation.invalidRequest }).optional() }),
      response: replies({ 200: z.array(factionRowSchema) }, 400),
      detail: doc("Reference data", "A game's factions, optionally of one region (id: the game)"),
    })
    .get("/service-types/:id", ({ params }) => listServiceTypes(deps.db, params.id),
      { params: idParams, response: replies({ 200: z.array(serviceTypeRowSchema) }, 400), detail: doc("Reference data", "A game's service types (id: the game)") })
    .get("/wow-class-specs", () => listClassSpecs(deps.db),
      { response: replies({ 200: z.array(classSpecRowSchema) }), detail: doc("Reference data", "Every class and spec pair") });
