import type { FieldRendererProps, FieldRenderers } from '../../components/dynamic-form';
import { CameraField } from '../../components/camera-dialog';
import { FileUpload, MergedPdfUpload, pickedFilesKey } from '../../components/file-upload';

/**
 * inputType 'file': FileUpload with the field's types, count and name as the upload's category; a
 * `mergePdf` field (all semesters' marksheets) takes several PDFs merged into one on the server; the
 * ones picked and not uploaded yet are kept across a reload under the form's `pickedFilesScope`.
 */
function FileField(props: FieldRendererProps) {
  const { field, context } = props;
  const scope = context.pickedFilesScope;
  if (field.mergePdf)
    return (
      <MergedPdfUpload
        keepPicksUnder={scope ? pickedFilesKey(scope.txnId, scope.verification, field.fieldName) : undefined}
        id={props.id}
        label={props.label}
        accessibleLabel={props.accessibleLabel}
        value={props.value}
        onChange={props.onChange}
        onBlur={props.onBlur}
        fileCategory={field.fieldName}
        expectName={context.expectName}
        disabled={props.disabled}
        error={props.error}
        helperText={props.helperText}
        helperId={props.helperId}
        onPendingChange={props.onPendingChange}
      />
    );
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
      expectName={context.expectName}
      disabled={props.disabled}
      error={props.error}
      helperText={props.helperText}
      helperId={props.helperId}
    />
  );
}

/** inputType 'live-cam-with-geolocation': "Take photo", the camera dialog, the photo card. */
function LiveCameraField(props: FieldRendererProps) {
  return (
    <CameraField
      id={props.id}
      label={props.label}
      accessibleLabel={props.accessibleLabel}
      value={props.value}
      onChange={props.onChange}
      onBlur={props.onBlur}
      fileCategory={props.field.fieldName}
      isAgent={props.context.isAgent ?? false}
      disabled={props.disabled}
      error={props.error}
      helperText={props.helperText}
      helperId={props.helperId}
    />
  );
}

/**
 * The documents' renderers for DynamicForm (module-level: stable across renders). What they need from
 * the screen comes in the form's context: isAgent (the camera), expectName (the uploads) and
 * pickedFilesScope (the merged upload's picks).
 */
export const documentRenderers: FieldRenderers = {
  file: FileField,
  'live-cam-with-geolocation': LiveCameraField,
};
