#!/usr/bin/env bash
# Backups of Loupe's PostgreSQL database, and the restore drill.
#   deploy/backup.sh dump    SOURCE_URL FILE            # pg_dump, custom format (compressed, restorable in parallel)
#   deploy/backup.sh restore FILE NEW_DATABASE ADMIN_URL # a new database from a dump
#   deploy/backup.sh drill   SOURCE_URL ADMIN_URL [NAME] # dump, restore into a new database, compare row counts
# The drill prints each table's rows in the source and in the restored copy and fails on any difference; it leaves
# the restored database for a Loupe instance to be started on (the bench does), named in its last line.
set -euo pipefail

dump() {
  pg_dump --format=custom --no-owner --no-privileges --file="$2" "$1"
}

restore() {
  local file=$1 name=$2 admin=$3
  psql "$admin" -q -v ON_ERROR_STOP=1 -c "CREATE DATABASE \"${name}\""
  pg_restore --no-owner --no-privileges --exit-on-error --jobs=2 --dbname="$(with_database "$admin" "$name")" "$file"
}

# The URL of another database on the same server.
with_database() {
  local url=$1 name=$2
  echo "${url%/*}/${name}"
}

counts() {
  psql "$1" -At -v ON_ERROR_STOP=1 <<'SQL'
select string_agg(format('%s %s', t.table_name,
  (xpath('/row/c/text()', query_to_xml(format('select count(*) as c from %I.%I', t.table_schema, t.table_name),
    false, true, '')))[1]::text), E'\n' order by t.table_name)
from information_schema.tables t
where t.table_schema = 'public' and t.table_type = 'BASE TABLE';
SQL
}

drill() {
  local source=$1 admin=$2
  local name=${3:-"loupe_restore_drill_$(date +%Y%m%d%H%M%S)"}
  local file
  file=$(mktemp /tmp/loupe-backup.XXXXXX.dump)
  local started=$SECONDS
  dump "$source" "$file"
  echo "dump: $(du -h "$file" | cut -f1) in $((SECONDS - started)) s"
  started=$SECONDS
  restore "$file" "$name" "$admin"
  echo "restore into ${name}: $((SECONDS - started)) s"
  rm -f "$file"
  local before after
  before=$(counts "$source")
  after=$(counts "$(with_database "$admin" "$name")")
  if [ "$before" != "$after" ]; then
    diff <(echo "$before") <(echo "$after") || true
    echo "drill FAILED: row counts differ" >&2
    exit 1
  fi
  echo "row counts equal in $(echo "$after" | wc -l) tables"
  echo "restored: ${name}"
}

case "${1:-}" in
  dump) dump "$2" "$3" ;;
  restore) restore "$2" "$3" "$4" ;;
  drill) drill "$2" "$3" "${4:-}" ;;
  *) sed -n '2,7p' "$0"; exit 2 ;;
esac
