import type { DynamicInputField, VerificationConfig } from '@veridocs/shared';

type Translate = (text: string) => string;

/**
 * A verification's label in the reader's language: "Degree" and the numbered instance "Degree 2"
 * (a second submission of the type) alike.
 */
export function localiseLabel(label: string, tr: Translate): string {
  const whole = tr(label);
  if (whole !== label) return whole;
  const numbered = /^(.*\S) (\d+)$/.exec(label);
  if (!numbered) return label;
  const base = tr(numbered[1]!);
  return base === numbered[1] ? label : `${base} ${numbered[2]}`;
}

function localiseInput(input: DynamicInputField, tr: Translate): DynamicInputField {
  const out: DynamicInputField = { ...input };
  if (input.label !== undefined) out.label = tr(input.label);
  if (input.placeholder !== undefined) out.placeholder = tr(input.placeholder);
  if (input.requiredMessage !== undefined) out.requiredMessage = tr(input.requiredMessage);
  if (input.helperText !== undefined) out.helperText = tr(input.helperText);
  if (input.sectionTitle !== undefined) out.sectionTitle = tr(input.sectionTitle);
  if (input.validation) out.validation = { ...input.validation, message: tr(input.validation.message) };
  return out;
}

/**
 * The texts a config shows (labels, titles, placeholders, messages) through `tr`; its names, keys and
 * rules untouched, so the same checks run and the same values are saved in any language.
 */
export function localiseConfig(config: VerificationConfig, tr: Translate): VerificationConfig {
  return {
    ...config,
    metadata: {
      ...config.metadata,
      label: tr(config.metadata.label),
      orgSpecificName: config.metadata.orgSpecificName === null ? null : tr(config.metadata.orgSpecificName),
    },
    authOptions: config.authOptions.map((option) => ({
      ...option,
      ...(option.label !== undefined ? { label: tr(option.label) } : {}),
      page: {
        config: option.page.config.map((section) => ({
          ...(section.title !== undefined ? { title: tr(section.title) } : {}),
          inputs: section.inputs.map((input) => localiseInput(input, tr)),
        })),
      },
    })),
  };
}
