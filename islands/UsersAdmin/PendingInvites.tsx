import type { Ref } from "react";
import { canInvite } from "../../src/domain/permissions";
import { consoleDateTime, isoInstant } from "../../src/domain/dateFormat";
import type { PendingInvite } from "../../src/shared/schemas/users";
import { T } from "../../src/shared/text";
import type { ChecklistGame } from "./GameChecklist";
import type { Viewer } from "./UsersTable";

const P = T.pendingInvites;
const C = P.columns;

/** The invited games by name, in display order; a dash for staff invitations. */
function gameNames(invite: PendingInvite, games: ChecklistGame[] | null): string {
  if (!invite.gameIds.length) return T.users.dash;
  const byId = new Map((games ?? []).map((g) => [g.id, g]));
  return invite.gameIds
    .map((id) => byId.get(id))
    .filter((g): g is ChecklistGame => !!g)
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map((g) => g.name)
    .join(", ") || T.users.dash;
}

/**
 * Invitations not yet accepted that still work: email, role, games, who sent them and when
 * they expire, with re-issue and revoke where the viewer may invite that role.
 */
export function PendingInvites({ viewer, invites, games, onReissue, onRevoke, headingRef }: {
  viewer: Viewer;
  /** null while loading. */
  invites: PendingInvite[] | null;
  games: ChecklistGame[] | null;
  onReissue: (invite: PendingInvite) => void;
  onRevoke: (invite: PendingInvite) => void;
  /** The heading takes focus when a revoked row (and its button) goes away. */
  headingRef: Ref<HTMLHeadingElement>;
}) {
  return (
    <section className="stack pending-invites" aria-labelledby="pending-invites-heading">
      <h3 id="pending-invites-heading" ref={headingRef} tabIndex={-1}>{P.heading}</h3>
      <div className="table-wrap">
        <table className="table table--fit" aria-labelledby="pending-invites-heading" aria-busy={invites === null}>
          <thead>
            <tr>
              <th scope="col">{C.email}</th>
              <th scope="col">{C.role}</th>
              <th scope="col">{C.games}</th>
              <th scope="col">{C.invitedBy}</th>
              <th scope="col">{C.expires}</th>
              <th scope="col" className="table__actions">{C.actions}</th>
            </tr>
          </thead>
          <tbody>
            {invites === null
              ? <tr><td colSpan={6} className="muted">{T.users.loading}</td></tr>
              : invites.length === 0
                ? <tr><td colSpan={6} className="muted" style={{ textAlign: "center", padding: "1.5rem" }}>{P.empty}</td></tr>
                : invites.map((invite) => (
                  <tr key={invite.id}>
                    <td data-label={C.email}>{invite.email}</td>
                    <td data-label={C.role}><span className={`badge role--${invite.userType}`}>{T.labels.role[invite.userType]}</span></td>
                    <td data-label={C.games} className="muted">{gameNames(invite, games)}</td>
                    <td data-label={C.invitedBy}>{invite.invitedBy ?? T.users.dash}</td>
                    <td data-label={C.expires} className="muted">
                      <time dateTime={isoInstant(invite.expiresAt) ?? undefined}>{P.expiresAt({ when: consoleDateTime(invite.expiresAt) ?? T.users.dash })}</time>
                    </td>
                    <td className="table__actions">
                      {canInvite(viewer, invite.userType) ? (
                        <div className="table__actions">
                          <button type="button" className="button button--ghost button--small" aria-label={P.reissueAction({ email: invite.email })} onClick={() => onReissue(invite)}>
                            {P.reissueShort}
                          </button>
                          <button type="button" className="button button--ghost button--small" aria-label={P.revokeAction({ email: invite.email })} onClick={() => onRevoke(invite)}>
                            {P.revokeShort}
                          </button>
                        </div>
                      ) : null}
                    </td>
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
