import { useNavigate } from 'react-router';
import { useAppDispatch } from '../hooks';
import { logout } from './auth-slice';
import { useSignOutMutation } from './session-api';

/** Logout of docs/shop.md §4: the session is cleared and the user goes home. */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [signOut] = useSignOutMutation();
  return async () => {
    await signOut();
    dispatch(logout());
    await navigate('/');
  };
}
