import { useDispatch, useSelector } from 'react-redux';
import { ids } from '../config/env';
import type { AppDispatch, RootState } from './root';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

export const useAuth = () => useAppSelector((s) => s.auth);
export const useIsAdmin = () =>
  useAppSelector((s) => s.auth.userData?.labels.includes(ids.adminLabel) ?? false);
