import { useId } from "react";
import { Dialog, useDialogCancel } from "../components/Dialog";
import { ChoiceField, FormStatus, SubmitButton, TextAreaField, TextField } from "../components/Field";
import { useSchemaForm, type SchemaForm } from "../components/schemaForm";
import { useCallFailure } from "../components/callFailure";
import { useToast } from "../components/toast";
import { api } from "../runtime/api";
import { invitableTypes } from "../../src/domain/permissions";
import { inviteSchema } from "../../src/shared/schemas/auth";
import type { UserType } from "../../src/shared/enums";
import { T, locale } from "../../src/shared/text";
import { DEFAULT_LOCALE, isLocale, languageChoices, type Locale } from "../../src/shared/i18n/locales";
import { GameChecklist, type ChecklistGame } from "./GameChecklist";
import { LinkField } from "./LinkField";
import type { Viewer } from "./UsersTable";

/**
 * The Invite New User dialog: email, user type (staff types for the owner only),
 * booster ID and games for boosters, optional message, and the invitation's language (the
 * inviter's own at first). After success it shows the link
 * read-only with a copy button (focused), and the submit button becomes 'Done'. Its actions
 * stay pinned under the scrolling fields, so Generate and Cancel are always in view.
 */
export function InviteUserDialog({ viewer, open, games, onClose, onInvited }: {
  viewer: Viewer;
  open: boolean;
  games: ChecklistGame[] | null;
  onClose: () => void;
  onInvited: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={T.invite.dialogTitle}>
      {/* Keyed by `open`: closing resets the form. */}
      {open ? <InviteForm viewer={viewer} games={games} onClose={onClose} onInvited={onInvited} /> : null}
    </Dialog>
  );
}

type Values = {
  email: string; userType: UserType; boosterUserId: string; gameIds: number[]; message: string; locale: Locale; link: string | null; emailed: boolean;
};
type Form = SchemaForm<Values>;

/** The invite dialog's own toast for a lost session: 'Unauthorized: You are logged out. Logging in again...'. */
const INVITE_UNAUTHORIZED = { title: T.invite.unauthorized, variant: "destructive" } as const;

/** What the invite form sends: booster fields only for boosters, an empty message as none. */
const inviteInput = ({ email, userType, boosterUserId, gameIds, message, locale }: Values) => {
  const booster = userType === "booster";
  return { email, userType, message: message || null, boosterUserId: booster ? boosterUserId : null, gameIds: booster ? gameIds : [], locale };
};

/** The languages an invitation offers (never the pseudo-locale), each in its own name. */
const LANGUAGES = languageChoices();

function InviteForm({ viewer, games, onClose, onInvited }: {
  viewer: Viewer; games: ChecklistGame[] | null; onClose: () => void; onInvited: () => void;
}) {
  const introId = useId();
  const toast = useToast();
  const failure = useCallFailure();
  const types = invitableTypes(viewer);
  // The console's language (the development pseudo-locale is no invitation's: English then).
  const own = locale();
  const form = useSchemaForm<Values>({
    email: "", userType: types[0] ?? "booster", boosterUserId: "", gameIds: [], message: "", locale: isLocale(own) ? own : DEFAULT_LOCALE, link: null, emailed: false,
  });
  const cancel = useDialogCancel(onClose);
  const { link } = form.values;
  const submit = form.onSubmit({
    parse: (values) => {
      const parsed = inviteSchema.safeParse(inviteInput(values));
      // Focus goes to the first field that needs attention; the alert says why it moved.
      form.setFormError(parsed.success ? null : T.inviteDialog.checkFields);
      return parsed;
    },
    send: async (body) => {
      const { data, error } = await api.api.invites.post(body);
      if (error || !data) {
        const detail = failure(error, { title: T.invite.failed, unauthorized: INVITE_UNAUTHORIZED });
        if (detail !== null) form.setFormError(detail || T.invite.failed);
        return;
      }
      form.set("emailed", data.emailed);
      form.set("link", data.inviteUrl ?? `${window.location.origin}/invite/${data.token}`);
      form.markSaved();
      toast({ title: T.invite.success });
      onInvited();
    },
  });

  return (
    <form ref={form.formRef} className="stack" onSubmit={link ? (e) => { e.preventDefault(); onClose(); } : submit} noValidate aria-describedby={introId}>
      <p id={introId} className="muted" style={{ margin: 0 }}>{T.inviteDialog.description}</p>
      <TextField label={T.inviteDialog.email} type="email" autoComplete="off" readOnly={!!link} {...form.text("email")} />
      <ChoiceField label={T.inviteDialog.userType} value={form.values.userType} disabled={!!link} error={form.errors.userType}
        choices={types.map((t) => ({ value: t, label: T.labels.role[t] }))} onChoose={(t) => form.set("userType", t)} />
      {form.values.userType === "booster" ? <BoosterFields form={form} games={games} /> : null}
      <TextAreaField label={T.inviteDialog.message} maxLength={1000} readOnly={!!link}
        placeholder={T.inviteDialog.messagePlaceholder} {...form.text("message")} />
      <ChoiceField label={T.inviteDialog.language} help={T.inviteDialog.languageHelp} value={form.values.locale} disabled={!!link}
        error={form.errors.locale} choices={LANGUAGES} onChoose={(l) => form.set("locale", l)} />
      {link ? (
        <LinkField label={T.inviteDialog.link} copyLabel={T.inviteDialog.copy} copiedText={T.invite.copied} link={link}
          note={form.values.emailed ? T.staffMail.inviteEmailed({ email: form.values.email.trim().toLowerCase() }) : T.staffMail.notEmailed} />
      ) : null}
      <FormStatus error={form.formError} />
      <div className="form-actions form-actions--pinned">
        {link ? null : <button type="button" className="button button--ghost" onClick={cancel} disabled={form.pending}>{T.inviteDialog.cancel}</button>}
        <SubmitButton pending={form.pending} label={link ? T.invite.done : T.inviteDialog.submit} busyLabel={T.inviteDialog.submitting} />
      </div>
    </form>
  );
}

/** The schema's one message for a booster invite, said under each field that is missing. */
const perField = (error: string | undefined, own: string) => (error === T.validation.boosterInviteNeeds ? own : error);

/** A booster's invite also names their booster ID and the games they may run. */
function BoosterFields({ form, games }: { form: Form; games: ChecklistGame[] | null }) {
  const done = !!form.values.link;
  const { error: boosterIdError, ...boosterId } = form.text("boosterUserId");
  return (
    <div className="stack">
      <TextField label={T.inviteDialog.boosterId} maxLength={50} readOnly={done} placeholder={T.inviteDialog.boosterIdPlaceholder}
        autoComplete="off" {...boosterId} error={perField(boosterIdError, T.inviteDialog.boosterIdNeeded)} />
      {games === null
        ? <p className="muted">{T.admin.loadingGames}</p>
        : <GameChecklist legend={T.inviteDialog.games} games={games} selected={form.values.gameIds} size="160" error={perField(form.errors.gameIds, T.inviteDialog.gamesNeeded)}
            onChange={done ? () => {} : (ids) => form.set("gameIds", ids)} />}
    </div>
  );
}
