import { createContext, useContext, type ReactNode } from 'react';
import type { FieldRendererProps, FieldRenderers } from '../../components/dynamic-form';
import { CameraField } from '../../components/camera-dialog';
import { FileUpload } from '../../components/file-upload';

/** What the documents' renderers need from the screen: who is uploading. */
export interface DocumentOptions {
  /** profile.agentId is set: the camera offers "Upload from Computer or Gallery" (spec §6). */
  isAgent: boolean;
  /** The profile name, when this form's documents should carry it (the server checks NAME_MISMATCH). */
  expectName?: string | undefined;
}

const DocumentOptionsContext = createContext<DocumentOptions>({ isAgent: false });

export function DocumentOptionsProvider({
  value,
  children,
}: {
  value: DocumentOptions;
  children: ReactNode;
}) {
  return <DocumentOptionsContext.Provider value={value}>{children}</DocumentOptionsContext.Provider>;
}

/** inputType 'file': FileUpload with the field's types, count and name as the upload's category. */
function FileField(props: FieldRendererProps) {
  const { expectName } = useContext(DocumentOptionsContext);
  const { field } = props;
  return (
    <FileUpload
      id={props.id}
      label={props.label}
      accessibleLabel={props.accessibleLabel}
      value={props.value}
      onChange={props.onChange}
      onBlur={props.onBlur}
      allowedFileTypes={field.allowedFileTypes}
      maxFiles={field.maxFiles ?? 1}
      fileCategory={field.fieldName}
      expectName={expectName}
      disabled={props.disabled}
      error={props.error}
      helperText={props.helperText}
      helperId={props.helperId}
    />
  );
}

/** inputType 'live-cam-with-geolocation': "Take photo", the camera dialog, the photo card. */
function LiveCameraField(props: FieldRendererProps) {
  const { isAgent } = useContext(DocumentOptionsContext);
  return (
    <CameraField
      id={props.id}
      label={props.label}
      accessibleLabel={props.accessibleLabel}
      value={props.value}
      onChange={props.onChange}
      onBlur={props.onBlur}
      fileCategory={props.field.fieldName}
      isAgent={isAgent}
      disabled={props.disabled}
      error={props.error}
      helperText={props.helperText}
      helperId={props.helperId}
    />
  );
}

/** The documents' renderers for DynamicForm (module-level: stable across renders). */
export const documentRenderers: FieldRenderers = {
  file: FileField,
  'live-cam-with-geolocation': LiveCameraField,
};
