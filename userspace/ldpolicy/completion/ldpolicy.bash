# bash completion for ldpolicy(8)

_ldpolicy_reasons()
{
	ldpolicy reasons 2>/dev/null | awk '!/^#/ { print $2 }'
}

_ldpolicy()
{
	local cur prev words cword
	_init_completion || return

	local commands="compile check decompile load status query diff reasons explain seal help"
	if [[ $cword -eq 1 ]]; then
		COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
		return
	fi

	case $prev in
	-t | --table | --model | -o | --output)
		_filedir
		return
		;;
	--emit)
		COMPREPLY=($(compgen -W "blob c ldp json" -- "$cur"))
		return
		;;
	--backend)
		COMPREPLY=($(compgen -W "auto lockdown_policy bpf" -- "$cur"))
		return
		;;
	esac

	local opts
	case ${words[1]} in
	compile) opts="--table --output --emit --emit-c --model --help" ;;
	check) opts="--table --json --model --help" ;;
	decompile) opts="--table --json --help" ;;
	load) opts="--backend --table --merge --seal --boot --dry-run --force --quiet --help" ;;
	status) opts="--backend --json --help" ;;
	query) opts="--backend --json --quiet --help" ;;
	diff) opts="--backend --json --help" ;;
	reasons) opts="--table --json --help" ;;
	explain) opts="--table --json --model --help" ;;
	seal) opts="--backend --help" ;;
	help) COMPREPLY=($(compgen -W "$commands" -- "$cur")); return ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
		return
	fi
	case ${words[1]} in
	query | explain)
		COMPREPLY=($(compgen -W "$(_ldpolicy_reasons)" -- "$cur"))
		;;
	compile | check | load | diff)
		_filedir ldp
		;;
	decompile)
		_filedir
		;;
	esac
} &&
	complete -F _ldpolicy ldpolicy
