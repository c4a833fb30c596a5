import { FORM_URL_KEY, type DemoResponse } from '@veridocs/shared';
import { DEMO } from '../../db/seed.js';

/** The candidate link of the seeded demo form (DESIGN.md §7): `/ekyc/{formId}?orgId=...`. */
export function getDemoLink(publicUrl: string): DemoResponse {
  const base = publicUrl.replace(/\/+$/, '');
  const link = `${base}/${FORM_URL_KEY}/${encodeURIComponent(DEMO.formId)}?orgId=${encodeURIComponent(DEMO.orgId)}`;
  return { orgId: DEMO.orgId, formId: DEMO.formId, link };
}
