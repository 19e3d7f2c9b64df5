import type { TabLoader } from "./tabLoader";
import { Island } from "../island";
import { listUsers } from "../../api/users/service";
import { listGames } from "../../api/games/service";
import { listPendingInvites } from "../../api/invites/manage";

/**
 * The Users tab of /admin: the users list, the pending invitations and the games for the
 * dialogs' checklists are loaded on the server, so the island renders the full tables at
 * once (no loading flash).
 */
export const loadUsersTab: TabLoader = async (deps, viewer) => {
  const [users, games, invites] = await Promise.all([
    listUsers(deps.db), listGames(deps.db, { all: true }), listPendingInvites(deps.db, deps.clock()),
  ]);
  return (
    <Island
      name="UsersAdmin"
      props={{
        viewer: { id: viewer.id, role: viewer.role },
        initialUsers: users,
        initialInvites: invites,
        games: games.map(({ id, name, parentGameId, displayOrder }) => ({ id, name, parentGameId, displayOrder })),
      }}
    />
  );
};
