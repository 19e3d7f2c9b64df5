import { useEffect, useId, useState } from "react";
import { Dialog, useDialogCancel } from "../components/Dialog";
import { ChoiceField, FormStatus, SubmitButton, TextField } from "../components/Field";
import { useSchemaForm } from "../components/schemaForm";
import { useCallFailure } from "../components/callFailure";
import { useToast } from "../components/toast";
import { api } from "../runtime/api";
import { canChangeRole, canManageUser } from "../../src/domain/permissions";
import { initialSelection } from "../../src/domain/gameSelection";
import { updateUserSchema, type UserListItem } from "../../src/shared/schemas/users";
import { T } from "../../src/shared/text";
import { GameChecklist, type ChecklistGame } from "./GameChecklist";
import type { Viewer } from "./UsersTable";

/**
 * The Edit User dialog. Renders nothing unless the viewer may manage the target;
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

type Values = { nickname: string; active: boolean; gameIds: number[] | null; role: "administrator" | "owner" };
const ROLE_CHOICES = (["administrator", "owner"] as const).map((r) => ({ value: r, label: T.labels.role[r] }));

function EditUserForm({ viewer, user, games, onClose, onSaved, onSaving }: {
  viewer: Viewer; user: UserListItem; games: ChecklistGame[] | null; onClose: () => void; onSaved: (u: UserListItem) => void;
  /** While the request runs the dialog cannot be dismissed. */
  onSaving: (saving: boolean) => void;
}) {
  const id = useId();
  const toast = useToast();
  const failure = useCallFailure();
  const form = useSchemaForm<Values>({
    nickname: user.nickname ?? "",
    // The switch means "may use the platform": pending users may (to finish their profile).
    active: user.status === "active" || user.status === "pending",
    gameIds: null,
    role: user.role === "owner" ? "owner" : "administrator",
  });
  const { active, role } = form.values;
  const cancel = useDialogCancel(onClose);
  useEffect(() => {
    onSaving(form.pending);
    return () => onSaving(false);
  }, [form.pending, onSaving]);

  const isBooster = user.booster !== null;
  const showRole = !isBooster && canChangeRole(viewer, user);
  // Assigned games plus the parent of each assigned child, once games are known.
  const selected = form.values.gameIds ?? (games ? initialSelection(games, user.booster?.gameIds ?? []) : []);

  const submit = form.onSubmit({
    parse: ({ nickname }) => updateUserSchema.safeParse({
      nickname, status: active ? "active" : "inactive",
      ...(isBooster ? { gameIds: selected } : {}),
      ...(showRole ? { role } : {}),
    }),
    send: async (body) => {
      const { data, error } = await api.api.users({ id: user.id }).patch(body);
      if (error || !data) {
        const detail = failure(error, { title: T.users.errorUpdating, fallback: T.users.updateFailedDescription });
        if (detail !== null) form.setFormError(detail || T.users.updateFailed);
        return;
      }
      toast({ title: T.users.updated, description: T.users.updatedDescription });
      onSaved(data);
      onClose();
    },
  });

  return (
    <form id={`${id}form`} className="stack" onSubmit={submit} noValidate>
      <TextField label={T.users.nickname} maxLength={60} autoComplete="off" {...form.text("nickname")} />

      <div className="field">
        <div className="row">
          {/* biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its own checked state; HTML forbids aria-checked on it (W3C validator) */}
          <input role="switch"
            id={`${id}active`} type="checkbox" className="switch" checked={active}
            onChange={(e) => form.set("active", e.currentTarget.checked)} aria-describedby={`${id}active-help`}
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
          : <GameChecklist legend={T.users.games} games={games} selected={selected} onChange={(ids) => form.set("gameIds", ids)} size="8rem" error={form.errors.gameIds} />
      ) : null}

      {showRole ? <ChoiceField label={T.users.role} value={role} choices={ROLE_CHOICES} onChoose={(r) => form.set("role", r)} /> : null}

      <FormStatus error={form.formError} />

      <div className="form-actions">
        <button type="button" className="button button--ghost" onClick={cancel} disabled={form.pending}>{T.users.cancel}</button>
        <SubmitButton pending={form.pending} label={T.users.save} busyLabel={T.users.saving} />
      </div>
    </form>
  );
}
