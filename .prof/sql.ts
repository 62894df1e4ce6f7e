import SQLite from 'better-sqlite3';
const db = new SQLite('/tmp/ent/large.sqlite', { readonly: true });
const qs: Record<string, string> = {
  distJoinPlus: `select u.id, o.name from users u inner join organisations o on o.id = u.organisation_id where +o.distributor_id = 2 order by lower(u.name), u.id limit 10`,
  distJoinPlusP5: `select u.id, o.name from users u inner join organisations o on o.id = u.organisation_id where +o.distributor_id = 2 order by lower(u.name), u.id limit 10 offset 50`,
  distCountJoin: `select count(*) from (select 1 from organisations o join users u on u.organisation_id = o.id where o.distributor_id = 2 limit 1001)`,
  resJoinPlus: `select u.id, o.name from users u inner join organisations o on o.id = u.organisation_id where +o.reseller_id = 12 order by lower(u.name), u.id limit 10`,
};
for (const [name, q] of Object.entries(qs)) {
  const st = db.prepare(q);
  st.all();
  const n = 2000;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) st.all();
  console.log(name.padEnd(20), (Number(process.hrtime.bigint() - t0) / 1e6 / n).toFixed(4), 'ms', st.all().length);
}
