import { useDispatch } from 'react-redux';
import type { ConsoleStore } from './store';

export const useAppDispatch = useDispatch.withTypes<ConsoleStore['dispatch']>();
