import { useState } from "react";
import { Dialog } from "../components/Dialog";
import { TextField } from "../components/Field";
import { useToast } from "../components/toast";
import { api, errorMessage } from "../runtime/api";
import { webhookUrlSchema, type WebhookHint } from "../../src/shared/schemas/webhooks";
import { T } from "../../src/shared/text";

const W = T.webhook;

/**
 * The owner types a game's Discord webhook URL. The field is a password-style secret: once
 * saved, the island keeps only the hint the server answers (the URL's last 4 characters)
 * and forgets what was typed.
 */
export function WebhookDialog({ game, onClose, onSaved }: {
  game: { id: number; name: string } | null;
  onClose: () => void;
  onSaved: (hint: WebhookHint) => void;
}) {
  const toast = useToast();
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  function close() {
    setUrl("");
    setError(undefined);
    onClose();
  }

  async function save() {
    if (!game || pending) return;
    const parsed = webhookUrlSchema.safeParse(url);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? W.urlInvalid);
      return;
    }
    setPending(true);
    const { data, error: failed } = await api.api.games({ slug: game.id }).webhook.put({ url: parsed.data });
    setPending(false);
    if (failed || !data) {
      setError(errorMessage(failed, "") || W.failed);
      return;
    }
    onSaved(data);
    toast({ title: W.saved });
    close();
  }

  return (
    <Dialog
      open={game !== null} onClose={close} closeDisabled={pending}
      title={game ? W.dialogTitle(game.name) : ""} description={W.dialogHelp}
      footer={(
        <>
          <button type="button" className="button button--ghost" onClick={close} disabled={pending}>{W.cancel}</button>
          <button type="submit" form="webhook-form" className="button button--primary" disabled={pending}>{W.save}</button>
        </>
      )}
    >
      <form id="webhook-form" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <TextField
          label={W.urlLabel} name="webhookUrl" value={url} error={error} autoComplete="off" spellCheck={false}
          placeholder="https://discord.com/api/webhooks/…" onChange={(e) => { setUrl(e.currentTarget.value); setError(undefined); }}
        />
      </form>
    </Dialog>
  );
}
