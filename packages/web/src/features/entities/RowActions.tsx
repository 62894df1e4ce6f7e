import { ActionIcon, Menu } from '@mantine/core';
import { Link } from 'react-router';

export interface RowFlags {
  can_edit: boolean;
  can_delete: boolean;
  can_details: boolean;
  can_support: boolean;
}

export interface RowActionHandlers<R> {
  onEdit?: (row: R) => void;
  onDelete?: (row: R) => void;
  detailsHref?: (row: R) => string;
  /** The support login page, opened in a new window (spec: dashboard 2.1 external logins). */
  supportHref?: (row: R) => string;
  /** Further actions of one page (e.g. the users' Reset MFA), listed before Delete. */
  extra?: (row: R) => { label: string; onClick: () => void }[];
}

/** Which actions a row offers: those its flags allow and the page can carry out (spec 6). */
export function rowActions<R extends RowFlags>(row: R, h: RowActionHandlers<R>) {
  return {
    edit: row.can_edit && h.onEdit !== undefined,
    details: row.can_details && h.detailsHref !== undefined,
    support: row.can_support && h.supportHref !== undefined,
    delete: row.can_delete && h.onDelete !== undefined,
  };
}

const Dots = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
    <circle cx="5" cy="12" r="1.8" />
    <circle cx="12" cy="12" r="1.8" />
    <circle cx="19" cy="12" r="1.8" />
  </svg>
);

/** The row's action menu: edit, details, support, delete, each shown by the row's flags. */
export function RowActions<R extends RowFlags>({
  row,
  label,
  handlers,
}: {
  row: R;
  label: string;
  handlers: RowActionHandlers<R>;
}) {
  const show = rowActions(row, handlers);
  const extra = handlers.extra?.(row) ?? [];
  if (!show.edit && !show.details && !show.support && !show.delete && extra.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${label}`}>
          <Dots />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {show.edit && <Menu.Item onClick={() => handlers.onEdit?.(row)}>Edit</Menu.Item>}
        {show.details && (
          <Menu.Item component={Link} to={handlers.detailsHref?.(row) ?? '#'}>
            Details
          </Menu.Item>
        )}
        {show.support && (
          <Menu.Item component="a" href={handlers.supportHref?.(row)} target="_blank" rel="noopener">
            Support login
          </Menu.Item>
        )}
        {extra.map((a) => (
          <Menu.Item key={a.label} onClick={a.onClick}>
            {a.label}
          </Menu.Item>
        ))}
        {show.delete && (
          <Menu.Item c="red.9" onClick={() => handlers.onDelete?.(row)}>
            Delete
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
