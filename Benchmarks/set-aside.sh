# Sourced by the benchmarks that build onto the disk again and again.
#
# On ext4 the kernel does not give out an inode freed less than a minute ago (six while its
# table block is dirty), and every file created meanwhile scans past the freed ones again
# (`recently_deleted`): right after `rm -rf` of a 128,523-file output, a 100,000-item build
# took 48–75 s, 60–98 s of it system time, against 27.7 s when nothing had been deleted for
# minutes. So an output is renamed into a trash folder on its file system (a rename frees no
# inode) and the trash deleted when the script ends. (`run.sh` does the same.)
#
#   trash_beside FOLDER     the trash for outputs on FOLDER's file system (once)
#   set_aside PATH...       moves each existing PATH into it
TRASH=
trash_beside() {
    TRASH=$(mktemp -d "$1/.stacks-bench-trash.XXXXXX")
    trap 'rm -rf -- "$TRASH"' EXIT
}
set_aside() {
    local path
    for path in "$@"; do
        [ -e "$path" ] && mv -- "$path" "$(mktemp -u "$TRASH/old.XXXXXX")"
    done
    return 0
}
