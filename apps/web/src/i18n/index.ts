export * from './i18n';
export { commonCatalog } from './common/common-catalog';
