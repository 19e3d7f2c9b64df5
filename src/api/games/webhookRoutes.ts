import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../http/context";
import { session } from "../../http/sessionGuard";
import { doc, replies } from "../../http/contract";
import { idParam } from "../../shared/schemas/params";
import { webhookHintSchema } from "../../shared/schemas/responses";
import { setWebhookSchema } from "../../shared/schemas/webhooks";
import { WEBHOOK_ROLES } from "../../domain/permissions";
import { clearWebhook, setWebhook, webhookHints } from "./webhooks";

// The id segment is named `slug` like every route at /games/<segment> (see ./adminRoutes).
const idParams = z.object({ slug: idParam });

/** The owner's Discord webhook per game: set, clear, and the hints of all games. Never the URL. */
export const gameWebhookRoutes = (deps: AppContext) =>
  new Elysia({ name: "game-webhook-routes", prefix: "/api" })
    .use(session(deps))
    .get("/game-webhooks", () => webhookHints(deps.db),
      { roles: WEBHOOK_ROLES, response: replies({ 200: z.array(webhookHintSchema) }, 401, 403), detail: doc("Games", "Each game's Discord webhook as its last 4 characters (owner only)") })
    .put("/games/:slug/webhook", ({ params, body, audit }) => setWebhook(deps.db, params.slug, body.url, { targets: deps.config.announce, dataKey: deps.config.dataKey }, audit),
      { roles: WEBHOOK_ROLES, params: idParams, body: setWebhookSchema, response: replies({ 200: webhookHintSchema }, 400, 401, 403, 404), detail: doc("Games", "Set a game's Discord webhook URL; answers only its last 4 characters (owner only)") })
    .delete("/games/:slug/webhook", ({ params, audit }) => clearWebhook(deps.db, params.slug, audit),
      { roles: WEBHOOK_ROLES, params: idParams, response: replies({ 200: webhookHintSchema }, 400, 401, 403, 404), detail: doc("Games", "Remove a game's Discord webhook (owner only)") });
