export { NameChangeDialog, type NameChangeDialogProps } from './name-change-dialog';
export { useListNameChangesQuery } from './name-change-api';
export { nameChangeCatalog } from './name-change-catalog';
export { NameChangeNotice } from './name-change-notice';
