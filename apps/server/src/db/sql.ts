import { sql } from 'drizzle-orm';

/** `excluded.<column>` of an ON CONFLICT update: the value the conflicting insert proposed. */
export const excluded = (column: string) => sql.raw(`excluded."${column}"`);
