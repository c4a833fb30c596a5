/** The name-change answers' schemas, loaded with their request (see app/store/api-schemas.ts). */
export { nameChangeListResponseSchema, nameChangeResponseSchema } from '@veridocs/shared';
