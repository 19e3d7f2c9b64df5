import { useId, useState } from "react";
import { Dialog } from "../components/Dialog";
import { useToast } from "../components/toast";
import { api, errorMessage } from "../runtime/api";
import { canChangeRole, canManageUser } from "../../src/domain/permissions";
import { initialSelection } from "../../src/domain/gameSelection";
import { updateUserSchema, type UpdateUserInput, type UserListItem } from "../../src/shared/schemas/users";
import { T } from "../../src/shared/text";
import { GameChecklist, type ChecklistGame } from "./GameChecklist";
import type { Viewer } from "./UsersTable";

/**
 * SPEC §2 Edit User dialog. Renders nothing unless the viewer may manage the target;
 * the games checklist is for boosters, the role selector for non-boosters and the owner only.
 */
export function EditUserDialog({ viewer, user, games, onClose, onSaved }: {
  viewer: Viewer;
  user: UserListItem | null;
  /** null while the games are loading. */
  games: ChecklistGame[] | null;
  onClose: () => void;
  onSaved: (u: UserListItem) => void;
}) {
  const [saving, setSaving] = useState(false);
  if (user && !canManageUser(viewer, user)) return null;
  return (
    <Dialog open={user !== null} onClose={onClose} title={T.users.editTitle} closeDisabled={saving}>
      {user ? <EditUserForm key={user.id} viewer={viewer} user={user} games={games} onClose={onClose} onSaved={onSaved} onSaving={setSaving} /> : null}
    </Dialog>
  );
}

type Errors = Partial<Record<keyof UpdateUserInput | "form", string>>;

function EditUserForm({ viewer, user, games, onClose, onSaved, onSaving }: {
  viewer: Viewer; user: UserListItem; games: ChecklistGame[] | null; onClose: () => void; onSaved: (u: UserListItem) => void;
  /** While the request runs the dialog cannot be dismissed. */
  onSaving: (saving: boolean) => void;
}) {
  const id = useId();
  const toast = useToast();
  const [nickname, setNickname] = useState(user.nickname ?? "");
  // The switch means "may use the platform": pending users may (to finish their profile).
  const [active, setActive] = useState(user.status === "active" || user.status === "pending");
  const [gameIds, setGameIds] = useState<number[] | null>(null);
  const [role, setRole] = useState<"administrator" | "owner">(user.role === "owner" ? "owner" : "administrator");
  const [saving, setSavingState] = useState(false);
  const setSaving = (v: boolean) => { setSavingState(v); onSaving(v); };
  const [errors, setErrors] = useState<Errors>({});

  const isBooster = user.booster !== null;
  const showRole = !isBooster && canChangeRole(viewer, user);
  // Assigned games plus the parent of each assigned child (SPEC §4), once games are known.
  const selected = gameIds ?? (games ? initialSelection(games, user.booster?.gameIds ?? []) : []);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (saving) return;
    const input: UpdateUserInput = {
      nickname, status: active ? "active" : "inactive",
      ...(isBooster ? { gameIds: selected } : {}),
      ...(showRole ? { role } : {}),
    };
    const parsed = updateUserSchema.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[(issue.path[0] as keyof Errors) ?? "form"] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    const { data, error } = await api.api.users({ id: user.id }).patch(parsed.data);
    setSaving(false);
    if (error || !data) {
      const detail = errorMessage(error, "");
      setErrors({ form: detail || T.users.updateFailed });
      toast({ title: T.users.errorUpdating, description: detail || T.users.updateFailedDescription, variant: "destructive" });
      return;
    }
    toast({ title: T.users.updated, description: T.users.updatedDescription });
    onSaved(data);
    onClose();
  }

  return (
    <form id={`${id}form`} className="stack" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={`${id}nick`}>{T.users.nickname}</label>
        <input
          id={`${id}nick`} className="input" value={nickname} maxLength={60} autoComplete="off"
          onChange={(e) => setNickname(e.currentTarget.value)}
          aria-invalid={errors.nickname ? true : undefined} aria-describedby={errors.nickname ? `${id}nick-err` : undefined}
        />
        {errors.nickname ? <p id={`${id}nick-err`} className="field__error">{errors.nickname}</p> : null}
      </div>

      <div className="field">
        <div className="row">
          {/* biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its own checked state; HTML forbids aria-checked on it (W3C validator) */}
          <input role="switch"
            id={`${id}active`} type="checkbox" className="switch" checked={active}
            onChange={(e) => setActive(e.currentTarget.checked)} aria-describedby={`${id}active-help`}
          />
          <label className="field__label" htmlFor={`${id}active`}>{T.users.active}</label>
        </div>
        <p id={`${id}active-help`} className="field__help">{active ? T.users.activeHelp : T.users.inactiveHelp}</p>
      </div>

      {isBooster ? (
        games === null
          ? (
            // biome-ignore lint/a11y/useSemanticElements: a named, busy placeholder for the games checklist while it loads, not a form group
            <div className="stack" role="group" aria-busy="true" aria-label={T.users.games}>
              {/* biome-ignore lint/suspicious/noArrayIndexKey: placeholders: a fixed count, never reordered */}
              {Array.from({ length: 5 }, (_, i) => <span key={i} className="skeleton" data-testid="games-placeholder" style={{ height: "1.5rem" }} />)}
            </div>
          )
          : <GameChecklist legend={T.users.games} games={games} selected={selected} onChange={setGameIds} size="8rem" error={errors.gameIds} />
      ) : null}

      {showRole ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}role`}>{T.users.role}</label>
          <select id={`${id}role`} className="select" value={role} onChange={(e) => setRole(e.currentTarget.value as "administrator" | "owner")}>
            <option value="administrator">{T.labels.role.administrator}</option>
            <option value="owner">{T.labels.role.owner}</option>
          </select>
        </div>
      ) : null}

      {errors.form ? <p className="field__error" role="alert">{errors.form}</p> : null}

      <div className="form-actions">
        <button type="button" className="button button--ghost" onClick={onClose} disabled={saving}>{T.users.cancel}</button>
        <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving}>
          {saving ? T.users.saving : T.users.save}
        </button>
      </div>
    </form>
  );
}
