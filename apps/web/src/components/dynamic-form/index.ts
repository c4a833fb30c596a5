export { DynamicForm, type DynamicFormProps, type FieldErrors, type FormData } from './dynamic-form';
export type { DynamicFormContextValue, FieldRendererProps, FieldRenderers, FormSection } from './types';
