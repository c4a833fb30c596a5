import { createAction } from '@reduxjs/toolkit';

/** Resets every slice to its initial state (logout). Each slice handles it so persistence keeps working. */
export const resetAll = createAction('app/reset');
