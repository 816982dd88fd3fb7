#!/usr/bin/env bash
# Runs sqlmap (Debian's package) against a fresh server with the demo data, signed in as the
# demo member (and the demo treasurer for admin calls), and prints one line per endpoint.
# Not run by CI: it takes minutes. Exit status 1 when sqlmap reports an injection.
#   scripts/sqlmap.sh                 level 2, risk 2
#   LEVEL=3 RISK=2 scripts/sqlmap.sh  deeper
set -euo pipefail
cd "$(dirname "$0")/.."

LEVEL=${LEVEL:-2}
RISK=${RISK:-2}
if ! command -v sqlmap >/dev/null; then
  echo "sqlmap is missing; installing Debian's package" >&2
  apt-get install -y sqlmap >/dev/null
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/jamiya-sqlmap-XXXXXX")
port=$((3900 + RANDOM % 90))
base="http://127.0.0.1:$port"
server_pid=''
keep=0
cleanup() {
  if [[ -n $server_pid ]]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work/data"
  if [[ $keep == 0 ]]; then rm -rf "$work"; else echo "logs kept in $work"; fi
}
trap cleanup EXIT

# The source through tsx, so no build is needed; a fresh PGlite folder seeded with the demo.
env -u DATABASE_URL DATA_DIR="$work/data" PORT="$port" LOG_LEVEL=warn NODE_ENV=development \
  node_modules/.bin/tsx apps/server/src/server.ts >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 600); do
  grep -q 'Jamiya is running at' "$work/server.log" && break
  if ! kill -0 "$server_pid" 2>/dev/null; then cat "$work/server.log"; exit 1; fi
  sleep 0.1
done
grep -q 'Jamiya is running at' "$work/server.log" || { cat "$work/server.log"; exit 1; }

token_of() {
  curl -sf "$base/api/login" -H 'content-type: application/json' \
    -d "{\"email\":\"$1\",\"password\":\"jamiya-demo\"}" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).access_token))'
}
member=$(token_of amina@jamiya.example)
admin=$(token_of admin@jamiya.example)

# Real values as the baseline, so sqlmap compares against a 200 and not against a refusal.
field_of() { # token url javascript-expression-over-body
  curl -sf "$base$2" -H "Authorization: Bearer $1" |
    node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const b=JSON.parse(s);console.log($3)})"
}
receipt=$(field_of "$member" '/api/my-payments?limit=100' "b.items.find(p=>p.receipt_url).receipt_url")
payments_cursor=$(field_of "$member" '/api/my-payments?limit=1' 'b.next_cursor')
members_cursor=$(field_of "$admin" '/api/admin/members?limit=1' 'b.next_cursor')
entries_cursor=$(field_of "$admin" '/api/admin/ledger/entries?limit=1' 'b.next_cursor')
amina_id=$(field_of "$admin" '/api/admin/members?q=amina&limit=1' 'b.items[0].id')

# who|method|path|JSON body (POST only); a * marks a path segment to inject into
targets=(
  "member|GET|/api/my-payments?limit=5&cursor=$payments_cursor|"
  "member|GET|/api/my-loans?limit=5|"
  "member|GET|/api/my-statement?format=json&from=2026-01-01&to=2026-12-31&kind=dues|"
  "member|GET|/api/notifications?limit=5|"
  "member|GET|/api/messages?limit=5|"
  "member|GET|$receipt*|"
  "member|POST|/api/recharge-requests|{\"operator\":\"du\",\"number\":\"0501234567\",\"amount\":10}"
  "member|POST|/api/loan-application|{\"loan_type\":\"personal\",\"loan_amount\":1000,\"duration_month\":12,\"bank_account\":\"AE07 0331\",\"passport_or_nid\":\"P123\"}"
  "public|POST|/api/applications|{\"name\":\"Sara Ali\",\"email\":\"sara@example.test\",\"mobile\":\"0501234567\",\"national_id\":\"784-1990-1234567-1\",\"address\":\"Dubai\"}"
  "admin|GET|/api/admin/members/$amina_id*|"
  "admin|GET|/api/admin/members?q=amina&status=active&limit=5|"
  "admin|GET|/api/admin/members?limit=1&cursor=$members_cursor|"
  "admin|GET|/api/admin/ledger/entries?kind=dues&member_id=2&limit=5&cursor=$entries_cursor|"
  "admin|GET|/api/admin/audit?action=login&limit=5|"
  "admin|GET|/api/admin/bonus/preview?starts_on=2026-01-01&ends_on=2026-06-30|"
  "admin|POST|/api/admin/members/$amina_id*/status|{\"status\":\"active\",\"reason\":\"Checked by the committee\"}"
)

summary=()
found=0
unclear=0
for target in "${targets[@]}"; do
  IFS='|' read -r who method path body <<<"$target"
  args=(-u "$base$path" --batch --level="$LEVEL" --risk="$RISK" --dbms=PostgreSQL
    --output-dir="$work/sqlmap" --flush-session --disable-coloring)
  case $who in
    member) args+=(-H "Authorization: Bearer $member") ;;
    admin) args+=(-H "Authorization: Bearer $admin") ;;
  esac
  if [[ $method == POST ]]; then args+=(--data="$body" -H 'Content-Type: application/json'); fi
  log="$work/$(echo "$method$path" | tr -c 'A-Za-z0-9' '_').log"
  sqlmap "${args[@]}" >"$log" 2>&1 || true
  if grep -qiE 'sqlmap identified the following injection point|is vulnerable' "$log"; then
    found=1
    keep=1
    summary+=("INJECTION  $method $path")
    grep -iE 'Parameter:|Type:|Title:' "$log" | sed 's/^/    /' >&2
  elif grep -q 'do not appear to be injectable' "$log"; then
    summary+=("clean      $method $path")
  else
    unclear=1
    keep=1
    summary+=("unclear    $method $path (see the log below)")
    tail -5 "$log" >&2
  fi
done

echo
echo "sqlmap $(sqlmap --version 2>/dev/null | head -1), level $LEVEL, risk $RISK, $(date -u +%Y-%m-%dT%H:%MZ)"
printf '%s\n' "${summary[@]}"
if grep -q '"level":50' "$work/server.log"; then
  echo "server errors during the run:"
  grep '"level":50' "$work/server.log" | head -5
  keep=1
fi
if [[ $found == 1 ]]; then echo "INJECTION FOUND"; exit 1; fi
if [[ $unclear == 1 ]]; then echo "no injection found, but some runs ended unclearly"; exit 2; fi
echo "no injection found"
