// The build this code belongs to: takes nothing, gives a fingerprint of the harness build, or
// undefined. Here (src/, and tsc's output in dist/src) it is undefined; the bundle
// (src/build/bundle-cli.ts) puts in its place the SHA-256 of every compiled module, the
// compiled validators and the versions of the packages it runs on, so that what is kept
// between runs and derived from code (the compiled user suites, suite/user-suite-cache.ts)
// is read back only by the very build that wrote it, and never from src/.
export const BUILD_FINGERPRINT: string | undefined = undefined;
