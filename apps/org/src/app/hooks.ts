import { useDispatch } from 'react-redux';
import type { OrgStore } from './store';

export const useAppDispatch = useDispatch.withTypes<OrgStore['dispatch']>();
