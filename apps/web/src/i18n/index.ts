export * from './i18n';
export { commonCatalog } from './common/common-catalog';
export { localMessage } from './common/local-message';
export { RichText, richText } from './rich-text';
