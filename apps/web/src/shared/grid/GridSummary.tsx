import { formatMoney } from '@aps/shared/constants';
import { Table, type TableProps } from 'antd';
import { useMemo } from 'react';
import { footerRows } from './rows.ts';
import type { GridColumn, GridRow } from './types.ts';

/** The fixed 合计/平均 footer rows of the grid (§9), or none when no column asks for one. */
export function useGridSummary<R extends GridRow>(
  rows: readonly R[],
  columns: GridColumn[],
  visibleColumns: GridColumn[],
): TableProps<R>['summary'] {
  const footer = useMemo(() => footerRows(rows as R[], columns), [rows, columns]);
  return useMemo<TableProps<R>['summary']>(
    () =>
      footer.length
        ? () => (
            <Table.Summary fixed>
              {footer.map((f) => (
                <Table.Summary.Row key={f.kind} className="aps-grid-footer">
                  {visibleColumns.map((c, i) => {
                    const value = f.values[c.key];
                    const shown = value === undefined ? '' : c.format === 'money' ? formatMoney(value) : String(value);
                    return (
                      <Table.Summary.Cell key={c.key} index={i} align={value === undefined ? 'center' : 'right'}>
                        {i === 0 ? <strong>{f.label}</strong> : shown}
                      </Table.Summary.Cell>
                    );
                  })}
                </Table.Summary.Row>
              ))}
            </Table.Summary>
          )
        : undefined,
    [footer, visibleColumns],
  );
}
