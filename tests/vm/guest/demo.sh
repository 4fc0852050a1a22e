# Helpers for make demo's guest scripts: output for people.
#   say LINE...          a paragraph
#   run CMD...           show the command, then its output, indented
#   try_write FILE DATA  show "echo DATA > FILE" and whether it was taken
say() { echo; printf '%s\n' "$@"; }

run() {
	printf '  # %s\n' "$*"
	"$@" 2>&1 | awk '{ print "    " $0 }'
}

try_write() {
	printf '  # echo %s > %s\n' "$2" "$1"
	r=$(ldwrite "$1" "$2")
	if [ "$r" = ok ]; then echo "    (accepted)"; else echo "    refused: $r"; fi
}
