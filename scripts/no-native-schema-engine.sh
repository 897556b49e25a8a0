#!/bin/sh
echo "The native Prisma schema engine is not installed. Use 'npm run db:migrate' (apply) or 'npm run db:migration -- <name>' (create): they run the WebAssembly engine." >&2
exit 1
