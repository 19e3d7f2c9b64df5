import { useId, useState } from "react";
import { Dialog } from "../components/Dialog";
import { useToast } from "../components/toast";
import { api, errorMessage } from "../runtime/api";
import { invitableTypes } from "../../src/domain/permissions";
import { inviteSchema, type InviteInput } from "../../src/shared/schemas/auth";
import type { UserType } from "../../src/shared/enums";
import { T } from "../../src/shared/text";
import { GameChecklist, type ChecklistGame } from "./GameChecklist";
import { LinkField } from "./LinkField";
import { isUnauthorized, redirectToLogin } from "../components/session";
import type { Viewer } from "./UsersTable";

type Errors = Partial<Record<"email" | "userType" | "boosterUserId" | "gameIds" | "message" | "form", string>>;

/**
 * SPEC §2 Invite New User dialog: email, user type (staff types for the owner only),
 * booster ID and games for boosters, optional message. After success it shows the link
 * read-only with a copy button (focused), and the submit button becomes 'Done'.
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
      {/* Keyed by `open`: closing resets the form (SPEC §4). */}
      {open ? <InviteForm viewer={viewer} games={games} onClose={onClose} onInvited={onInvited} /> : null}
    </Dialog>
  );
}

function InviteForm({ viewer, games, onClose, onInvited }: {
  viewer: Viewer; games: ChecklistGame[] | null; onClose: () => void; onInvited: () => void;
}) {
  const id = useId();
  const toast = useToast();
  const types = invitableTypes(viewer);
  const [email, setEmail] = useState("");
  const [userType, setUserType] = useState<UserType>(types[0] ?? "booster");
  const [boosterUserId, setBoosterUserId] = useState("");
  const [gameIds, setGameIds] = useState<number[]>([]);
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const booster = userType === "booster";

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (link) return onClose();
    if (pending) return;
    const input: InviteInput = {
      email, userType, message: message || null,
      boosterUserId: booster ? boosterUserId : null, gameIds: booster ? gameIds : [],
    };
    const parsed = inviteSchema.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[(issue.path[0] as keyof Errors) ?? "form"] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setPending(true);
    const { data, error } = await api.api.invites.post(parsed.data);
    setPending(false);
    if (isUnauthorized(error)) {
      toast({ title: T.invite.unauthorized, variant: "destructive" });
      redirectToLogin();
      return;
    }
    if (error || !data) {
      const detail = errorMessage(error, "");
      toast({ title: T.invite.failed, description: detail || undefined, variant: "destructive" });
      setErrors({ form: detail || T.invite.failed });
      return;
    }
    setLink(data.inviteUrl ?? `${window.location.origin}/invite/${data.token}`);
    toast({ title: T.invite.success });
    onInvited();
  }

  const field = (name: keyof Errors) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}${name}-err` : undefined,
  });
  const error = (name: keyof Errors) =>
    errors[name] ? <p id={`${id}${name}-err`} className="field__error">{errors[name]}</p> : null;

  return (
    <form className="stack" onSubmit={submit} noValidate aria-describedby={`${id}intro`}>
      <p id={`${id}intro`} className="muted" style={{ margin: 0 }}>{T.inviteDialog.description}</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}email`}>{T.inviteDialog.email}</label>
        <input id={`${id}email`} className="input" type="email" autoComplete="off" value={email} readOnly={!!link}
          onChange={(e) => setEmail(e.currentTarget.value)} {...field("email")} />
        {error("email")}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={`${id}type`}>{T.inviteDialog.userType}</label>
        <select id={`${id}type`} className="select" value={userType} disabled={!!link}
          onChange={(e) => setUserType(e.currentTarget.value as UserType)} {...field("userType")}>
          {types.map((t) => <option key={t} value={t}>{T.labels.role[t]}</option>)}
        </select>
        {error("userType")}
      </div>

      {booster ? (
        <div className="stack">
          <div className="field">
            <label className="field__label" htmlFor={`${id}booster`}>{T.inviteDialog.boosterId}</label>
            <input id={`${id}booster`} className="input" value={boosterUserId} maxLength={50} readOnly={!!link}
              placeholder={T.inviteDialog.boosterIdPlaceholder} autoComplete="off"
              onChange={(e) => setBoosterUserId(e.currentTarget.value)} {...field("boosterUserId")} />
            {error("boosterUserId")}
          </div>
          {games === null
            ? <p className="muted">{T.admin.loadingGames}</p>
            : <GameChecklist legend={T.inviteDialog.games} games={games} selected={gameIds} onChange={link ? () => {} : setGameIds} size="160" error={errors.gameIds} />}
        </div>
      ) : null}

      <div className="field">
        <label className="field__label" htmlFor={`${id}message`}>{T.inviteDialog.message}</label>
        <textarea id={`${id}message`} className="textarea" value={message} maxLength={1000} readOnly={!!link}
          placeholder={T.inviteDialog.messagePlaceholder} onChange={(e) => setMessage(e.currentTarget.value)} {...field("message")} />
        {error("message")}
      </div>

      {link ? <LinkField label={T.inviteDialog.link} copyLabel={T.inviteDialog.copy} copiedText={T.invite.copied} link={link} /> : null}

      {errors.form ? <p className="field__error" role="alert">{errors.form}</p> : null}

      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending}>
          {link ? T.invite.done : pending ? T.inviteDialog.submitting : T.inviteDialog.submit}
        </button>
      </div>
    </form>
  );
}
