export {
  CameraDialog,
  LocationDetails,
  MapImage,
  addressLine,
  cameraErrorMessage,
  type CameraDialogProps,
} from './camera-dialog';
export { CameraField, photoOf, type CameraFieldProps } from './camera-field';
