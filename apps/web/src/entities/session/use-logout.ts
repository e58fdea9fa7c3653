import { useNavigate } from 'react-router';
import { useAppDispatch } from '../hooks';
import { logoutCurrent } from './auth-service';
import { logout } from './auth-slice';

/** Logout of docs/shop.md §4: the session is cleared and the user goes home. */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return async () => {
    await logoutCurrent();
    dispatch(logout());
    await navigate('/');
  };
}
