export { CameraDialog, type CameraDialogProps } from './camera-dialog';
export { LocationDetails, MapImage, addressLine } from './location-details';
export { cameraErrorMessage } from './use-camera-stream';
export { CameraField, photoOf, type CameraFieldProps } from './camera-field';
