/**
 * The architecture's import rules, checked by `npm test` (scripts/test.sh) with dependency-cruiser.
 * A rule names what may NOT be imported; `npx depcruise -c .dependency-cruiser.cjs libs apps` lists
 * every breach with the rule it breaks.
 */

// Server folders every module may use: the HTTP and command plumbing, auth, configuration and adapters.
const SERVER_SHARED = '^apps/server/src/(auth|config|infra|event-store|jobs|mail)/';

// Client features other features may use (the declared shared modules): the signed-in session and its
// actions, the organisation access toggle (organisation picker and settings), the course list, the
// student list (groups' member picker), the attendance reads (lesson counts on the main page) and the
// public info, the groups (the schedules' member picker), the plan's lessons of the day (main page) and the
// receipt and statement downloads (student detail).
// Anything else a second feature needs moves to components/, lib/ or api/.
const CLIENT_SHARED_FEATURE_FILES = [
  '^apps/client/src/features/auth/(useSession|session|queries|useAuthActions|resend-verification)\\.ts$',
  '^apps/client/src/features/organization-access/',
  '^apps/client/src/features/courses/queries\\.ts$',
  '^apps/client/src/features/attendance/queries\\.ts$',
  '^apps/client/src/features/students/queries\\.ts$',
  '^apps/client/src/features/public-info/queries\\.ts$',
  // api.md 7.4: the same checkout start calls sell plans and SMS packages (the SMS credit dialog).
  '^apps/client/src/features/checkout/(queries|posnet-form)\\.ts$',
  '^apps/client/src/features/groups/(queries|groups|types)\\.ts$',
  '^apps/client/src/features/schedules/PlanLessons\\.tsx$',
  '^apps/client/src/features/receipts/download\\.ts$',
  // The people forms pick members (userId); attendance offers the instructors.
  '^apps/client/src/features/users/queries\\.ts$',
  '^apps/client/src/features/employees/queries\\.ts$',
  '^apps/client/src/features/grades/(GradesSection\\.tsx|grades\\.ts|queries\\.ts)$',
  // The student detail's SMS reminder (twin of its WhatsApp reminder) sends through the SMS feature's dialog.
  '^apps/client/src/features/sms/SmsReminderDialog\\.tsx$',
  // Every record's Geçmiş button (students, enrolments, payments, attendances, courses) opens the one dialog.
  '^apps/client/src/features/history/HistoryDialog\\.tsx$',
  // The organisation picker and the checkout both show and act on a personal organisation's verification.
  '^apps/client/src/features/organization-verification/',
];

const TESTS = ['\\.spec\\.tsx?$', '^apps/server/test/', '^apps/server/bench/'];

module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'libs/domain is pure TypeScript: zod and its own files only (no framework, no I/O).',
      severity: 'error',
      from: { path: '^libs/domain/src/', pathNot: TESTS },
      to: { pathNot: ['^libs/domain/src/', '^node_modules/zod/'] },
    },
    {
      name: 'projections-do-not-import-apps',
      comment: 'Read models serve the apps; they never reach into them.',
      severity: 'error',
      from: { path: '^libs/', pathNot: ['\\.spec\\.ts$', '^libs/[^/]+/test/'] },
      to: { path: '^apps/' },
    },
    {
      name: 'server-module-through-its-public-file',
      comment:
        'A server module uses another module only through its <name>.module.ts (or index.ts); ' +
        'shared plumbing lives in auth/, config/, infra/, event-store/, jobs/ and mail/.',
      severity: 'error',
      from: { path: '^apps/server/src/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^apps/server/src/[^/]+/',
        pathNot: [
          '^apps/server/src/$1/',
          SERVER_SHARED,
          '^apps/server/src/[^/]+/(index|[^/]+\\.module)\\.ts$',
        ],
      },
    },
    {
      name: 'client-feature-through-shared-modules',
      comment:
        'A client feature uses another feature only through the declared shared files; the rest goes ' +
        'to components/, lib/ or api/.',
      severity: 'error',
      from: { path: '^apps/client/src/features/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^apps/client/src/features/[^/]+/',
        pathNot: ['^apps/client/src/features/$1/', ...CLIENT_SHARED_FEATURE_FILES],
      },
    },
    {
      name: 'client-shared-parts-do-not-import-features',
      comment: 'components/, lib/ and api/ are below the features.',
      severity: 'error',
      from: { path: '^apps/client/src/(components|lib|api)/', pathNot: TESTS },
      to: { path: '^apps/client/src/features/', pathNot: CLIENT_SHARED_FEATURE_FILES },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/'] },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
