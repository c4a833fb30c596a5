export { NameChangeDialog, type NameChangeDialogProps } from './name-change-dialog';
export { nameChangeCatalog } from './name-change-catalog';
export { NameChangeNotice } from './name-change-notice';
