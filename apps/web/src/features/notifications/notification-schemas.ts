/**
 * The notifications' schemas, loaded with the first notifications request (see app/store/api-schemas.ts):
 * the layout's bell is on every signed-in screen.
 */
export {
  notificationListResponseSchema,
  notificationSchema,
  notificationStreamTokenResponseSchema,
} from '@veridocs/shared';
