import { useEffect, useId, useState } from "react";
import { Dialog, useDialogCancel } from "../components/Dialog";
import { FormStatus, SubmitButton, TextField } from "../components/Field";
import { useSchemaForm } from "../components/schemaForm";
import { useCallFailure } from "../components/callFailure";
import { useToast } from "../components/toast";
import { api } from "../runtime/api";
import { setWebhookSchema, type WebhookHint } from "../../src/shared/schemas/webhooks";
import { T } from "../../src/shared/text";

const W = T.webhook;
type Game = { id: number; name: string };

/**
 * The owner types a game's Discord webhook URL. Once saved the island keeps only the hint the
 * server answers (the URL's last 4 characters); the typed URL goes with the form.
 */
export function WebhookDialog({ game, onClose, onSaved }: {
  game: Game | null;
  onClose: () => void;
  onSaved: (hint: WebhookHint) => void;
}) {
  const [saving, setSaving] = useState(false);
  return (
    <Dialog open={game !== null} onClose={onClose} closeDisabled={saving} title={game ? W.dialogTitle({ name: game.name }) : ""} description={W.dialogHelp}>
      {game ? <WebhookForm key={game.id} game={game} onClose={onClose} onSaved={onSaved} onSaving={setSaving} /> : null}
    </Dialog>
  );
}

function WebhookForm({ game, onClose, onSaved, onSaving }: {
  game: Game; onClose: () => void; onSaved: (hint: WebhookHint) => void;
  /** While the request runs the dialog cannot be dismissed. */
  onSaving: (saving: boolean) => void;
}) {
  const id = useId();
  const toast = useToast();
  const failure = useCallFailure();
  const form = useSchemaForm({ url: "" });
  // A typed URL is unsaved input: Cancel asks "Discard changes?" like Escape and the backdrop.
  const cancel = useDialogCancel(onClose);
  useEffect(() => {
    onSaving(form.pending);
    return () => onSaving(false);
  }, [form.pending, onSaving]);

  const submit = form.onSubmit({
    parse: (values) => setWebhookSchema.safeParse(values),
    send: async (body) => {
      const { data, error } = await api.api.games({ slug: game.id }).webhook.put(body);
      if (error || !data) {
        // A lost session goes to sign-in; any other refusal shows above the field.
        const detail = failure(error, { fallback: W.failed });
        if (detail !== null) form.setFormError(detail || W.failed);
        return;
      }
      onSaved(data);
      toast({ title: W.saved });
      onClose();
    },
    networkError: W.failed,
  });

  return (
    <form id={`${id}form`} className="stack" onSubmit={submit} noValidate>
      <TextField label={W.urlLabel} autoComplete="off" spellCheck={false} placeholder="https://discord.com/api/webhooks/…" {...form.text("url")} />
      <FormStatus error={form.formError} />
      <div className="form-actions">
        <button type="button" className="button button--ghost" onClick={cancel} disabled={form.pending}>{W.cancel}</button>
        <SubmitButton pending={form.pending} label={W.save} busyLabel={W.saving} />
      </div>
    </form>
  );
}
