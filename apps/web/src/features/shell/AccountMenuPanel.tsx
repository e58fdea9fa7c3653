import { Link } from 'react-router';
import { paths } from '../../config/routes';
import { useLogout } from '../../entities/session/use-logout';
import { MENU_BOX } from './menu-box';

const entry = 'block px-4 py-2.5 text-sm hover:bg-paper focus-visible:bg-paper';

/** The menu's links: Go To Dashboard for the owner, Manage My Account, My Order, Logout. */
export function AccountMenuPanel(props: { id: string; isAdmin: boolean; onClose: () => void }) {
  const { id, isAdmin, onClose } = props;
  const logout = useLogout();
  return (
    <div id={id} className={`${MENU_BOX} py-1`}>
      <ul>
        {isAdmin && (
          <li>
            <Link
              to={paths.dashboard.overview}
              onClick={onClose}
              className={`${entry} font-semibold text-court-dark`}
            >
              Go To Dashboard
            </Link>
          </li>
        )}
        <li>
          <Link to={paths.myAccount} onClick={onClose} className={entry}>
            Manage My Account
          </Link>
        </li>
        <li>
          <Link to={paths.myOrders} onClick={onClose} className={entry}>
            My Orders
          </Link>
        </li>
        <li>
          <button
            type="button"
            onClick={() => {
              onClose();
              void logout();
            }}
            className={`${entry} w-full text-left text-danger`}
          >
            Logout
          </button>
        </li>
      </ul>
    </div>
  );
}
