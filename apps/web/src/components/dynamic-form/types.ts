import type { ComponentType, ReactNode } from 'react';
import type { DynamicInputField, FormValues, InputType } from '@veridocs/shared';

/** One group of inputs of a verification config page (authOptions[i].page.config[j]). */
export interface FormSection {
  title?: string | undefined;
  inputs: DynamicInputField[];
}

/** What the caller knows that some rich helper texts and plugged-in renderers depend on. */
export interface DynamicFormContextValue {
  /** The verification entry says a marksheet is required (hides the "degree unavailable" line). */
  marksheetRequired?: boolean | undefined;
  /** profile.agentId is set: the camera offers "Upload from Computer or Gallery" (spec §6). */
  isAgent?: boolean | undefined;
  /** The profile name, when this form's documents should carry it (the server checks NAME_MISMATCH). */
  expectName?: string | undefined;
  /**
   * This form's transaction and verification: files picked for a merged upload and not uploaded yet
   * are kept under them (and the field's name) across a reload (issue 24). Without it nothing is kept.
   */
  pickedFilesScope?: { txnId: string; verification: string } | undefined;
}

/** What every field renderer receives; a renderer plugged in through `fieldRenderers` gets the same. */
export interface FieldRendererProps {
  field: DynamicInputField;
  /** id of the input element (the label points at it). */
  id: string;
  /** The visible label with "(Optional)" when the field is not required; '' when hideLabel. */
  label: string;
  /** The label for screen readers, also when hideLabel hides it. */
  accessibleLabel: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  required: boolean;
  disabled: boolean;
  /** The message under the field (an error wins over the helper text). */
  error: string | undefined;
  helperText: ReactNode;
  /** id of the helper / error line, for aria-describedby when the renderer builds its own input. */
  helperId: string;
  values: FormValues;
  context: DynamicFormContextValue;
  /**
   * A renderer holding input that is not in the value yet (picked files not uploaded) says what to do
   * with it; Submit is refused with that message until it reports null (issue 24).
   */
  onPendingChange: (message: string | null) => void;
}

/** Renderers by inputType: the documents issue plugs FileUpload / CameraDialog in here. */
export type FieldRenderers = Partial<Record<InputType, ComponentType<FieldRendererProps>>>;
