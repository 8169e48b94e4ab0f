import { formatDateTime, maskEmail, maskPhone, USER_SUPER_QUERY_FIELDS, type UserListRow } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { escapeLike, superQueryColumns } from '../../../core/super-query.ts';

/** The user list's SQL vocabulary: sortable columns, the row it selects, and how a row becomes the DTO. */

export const SORT_SQL = {
  createTime: sql`u.create_time`,
  username: sql`u.username`,
  realname: sql`u.realname`,
  phone: sql`u.phone`,
  status: sql`u.status`,
  sex: sql`u.sex`,
} as const;

export type Row = {
  id: string;
  username: string;
  realname: string;
  phone: string | null;
  email: string | null;
  birthday: string | null;
  sex: number | null;
  avatar: string | null;
  post: string | null;
  status: number;
  user_type: string;
  user_end: string;
  org_code: string | null;
  org_code_txt: string | null;
  create_time: string;
  departs: { id: string; name: string }[];
  roles: { id: string; name: string }[];
};

export function toRow(r: Row): UserListRow {
  return {
    id: r.id,
    username: r.username,
    realname: r.realname,
    phone: r.phone,
    email: r.email,
    birthday: r.birthday,
    sex: r.sex,
    avatar: r.avatar,
    post: r.post,
    status: r.status,
    userType: r.user_type,
    userEnd: r.user_end.split(',').filter(Boolean),
    orgCode: r.org_code,
    orgCodeTxt: r.org_code_txt,
    departIds: r.departs.map((d) => d.id),
    departNames: r.departs.map((d) => d.name).join(','),
    roleIds: r.roles.map((d) => d.id),
    roleNames: r.roles.map((d) => d.name).join(','),
    createTime: formatDateTime(r.create_time) ?? '',
  };
}

/**
 * A user as a picker shows them to a caller without the user list code (issue 12 §3): who they are and where they
 * sit; phone and e-mail masked, birthday and roles left out.
 */
export function pickerRow(r: UserListRow): UserListRow {
  return { ...r, phone: maskPhone(r.phone), email: maskEmail(r.email), birthday: null, roleIds: [], roleNames: '' };
}

export const like = (v: string) => `%${escapeLike(v)}%`;

/** The user list's allow-list for the advanced query and the wrapped search filters (§5). */
export const USER_COLUMNS = superQueryColumns(USER_SUPER_QUERY_FIELDS, {
  username: sql`u.username`,
  realname: sql`u.realname`,
  sex: sql`u.sex`,
  birthday: sql`u.birthday`,
  phone: sql`u.phone`,
  email: sql`u.email`,
  post: sql`u.post`,
  status: sql`u.status`,
  createTime: sql`u.create_time`,
});
