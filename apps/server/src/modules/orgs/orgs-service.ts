import { formLinkPath, type DemoResponse } from '@veridocs/shared';
import { DEMO } from '../../db/seed.js';

/** The candidate links of the seeded demo forms (DESIGN.md §7): `/ekyc/{formId}?orgId=...`; free and paid. */
export function getDemoLink(publicUrl: string): DemoResponse {
  const base = publicUrl.replace(/\/+$/, '');
  const linkOf = (formId: string) => `${base}${formLinkPath(DEMO.orgId, formId)}`;
  return {
    orgId: DEMO.orgId,
    formId: DEMO.formId,
    link: linkOf(DEMO.formId),
    paidFormId: DEMO.paidFormId,
    paidLink: linkOf(DEMO.paidFormId),
  };
}
