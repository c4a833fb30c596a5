import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';

/** One column after the row header. */
export interface StackedColumn<R> {
  header: string;
  cell: (row: R) => ReactNode;
  /** Where the cell goes on a phone: 1 beside the row header, 2 and on below it, in that order. */
  phoneOrder: number;
  /** On a phone, its own line headed by the column's name (`header`); otherwise beside the row header. */
  labelled?: boolean;
  /** The value stands out (bold). */
  strong?: (row: R) => boolean;
}

export interface StackedTableProps<R> {
  /** The table's accessible name. */
  label: string;
  rows: readonly R[];
  rowKey: (row: R) => string;
  /** The first column: each row's header cell. */
  rowHeader: { header: string; cell: (row: R) => ReactNode };
  columns: readonly StackedColumn<R>[];
  /** A row that stands out by its background and a bar, as well as by its words. */
  flagged?: (row: R) => boolean;
  /** Extra attributes of a row (tests and styles find it by them). */
  rowData?: (row: R) => Record<`data-${string}`, string>;
}

// Kept for assistive technology on a phone, where the cells carry their own labels.
const visuallyHiddenOnPhone = {
  display: { xs: 'block', sm: 'table-header-group' },
  position: { xs: 'absolute', sm: 'static' },
  width: { xs: '1px', sm: 'auto' },
  height: { xs: '1px', sm: 'auto' },
  overflow: { xs: 'hidden', sm: 'visible' },
  clip: { xs: 'rect(0 0 0 0)', sm: 'auto' },
} as const;

/**
 * A table of facts that stacks on a phone: each row's header and its short result on one line, the
 * longer values below, each with its column's name. The roles are explicit because a table restyled
 * with `display` loses its semantics in some browsers. Used for the issuer's comparison and an
 * institution's answer (the case page), so both read alike.
 */
export function StackedTable<R>({
  label,
  rows,
  rowKey,
  rowHeader,
  columns,
  flagged,
  rowData,
}: StackedTableProps<R>) {
  return (
    <Table
      size="small"
      role="table"
      aria-label={label}
      sx={{
        display: { xs: 'block', sm: 'table' },
        '& th, & td': { whiteSpace: 'normal', wordBreak: 'break-word', verticalAlign: 'top' },
      }}
    >
      <TableHead role="rowgroup" sx={visuallyHiddenOnPhone}>
        <TableRow role="row">
          <TableCell role="columnheader">{rowHeader.header}</TableCell>
          {columns.map((column) => (
            <TableCell key={column.header} role="columnheader">
              {column.header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody role="rowgroup" sx={{ display: { xs: 'block', sm: 'table-row-group' } }}>
        {rows.map((row) => {
          const flag = flagged?.(row) ?? false;
          return (
            <TableRow
              key={rowKey(row)}
              role="row"
              {...rowData?.(row)}
              sx={(theme) => {
                // The colour in the same declaration as the width: a border shorthand inside a media
                // query would reset a colour set outside it.
                const line = `1px solid ${theme.palette.divider}`;
                return {
                  display: { xs: 'grid', sm: 'table-row' },
                  gridTemplateColumns: '1fr auto',
                  py: { xs: 0.75, sm: 0 },
                  borderBottom: { xs: line, sm: 'none' },
                  bgcolor: flag ? 'rgba(211, 47, 47, 0.06)' : undefined,
                  boxShadow: flag ? `inset 4px 0 0 ${theme.palette.error.main}` : undefined,
                  '& > td, & > th': {
                    borderBottom: { xs: 'none', sm: line },
                    px: { xs: 1, sm: 1.5 },
                    py: { xs: 0.25, sm: 0.75 },
                  },
                  '& > [data-label]': { gridColumn: { xs: '1 / -1', sm: 'auto' } },
                  '& > [data-label]::before': {
                    content: { xs: 'attr(data-label) ": "', sm: 'none' },
                    color: 'text.secondary',
                  },
                  '& > *': { display: { xs: 'block', sm: 'table-cell' } },
                };
              }}
            >
              <TableCell component="th" scope="row" role="rowheader" sx={{ fontWeight: 600 }}>
                {rowHeader.cell(row)}
              </TableCell>
              {columns.map((column) => (
                <TableCell
                  key={column.header}
                  role="cell"
                  {...(column.labelled ? { 'data-label': column.header } : {})}
                  sx={{
                    order: { xs: column.phoneOrder, sm: 0 },
                    fontWeight: column.strong?.(row) ? 700 : undefined,
                  }}
                >
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
