# bash completion for ldpolicy(8)

_ldpolicy_reasons()
{
	ldpolicy reasons 2>/dev/null | awk '!/^#/ { print $2 }'
}

# the paths that ask no reason, from the model for the running kernel
_ldpolicy_paths()
{
	ldpolicy explain 2>/dev/null | awk '$1 == "path" { print $2 }' | sort -u
}

_ldpolicy()
{
	local cur prev words cword
	_init_completion || return

	local commands="compile check decompile load status query diff reasons explain suggest seal help"
	# global options come before the command
	local ci=1
	while [[ $ci -lt $cword && ${words[ci]} == -* ]]; do
		ci=$((ci + 1))
	done
	if [[ $cword -eq $ci ]]; then
		COMPREPLY=($(compgen -W "$commands -j --json -p --pretty -q --quiet --help --version" -- "$cur"))
		return
	fi

	case $prev in
	-t | --table | -o | --output | --policy)
		_filedir
		return
		;;
	--model)
		COMPREPLY=($(compgen -W "6.1 6.12" -- "$cur"))
		_filedir model
		return
		;;
	--emit)
		COMPREPLY=($(compgen -W "blob c ldp json" -- "$cur"))
		return
		;;
	-I | --include)
		_filedir -d
		return
		;;
	--backend)
		COMPREPLY=($(compgen -W "auto lockdown_policy bpf" -- "$cur"))
		return
		;;
	--base)
		COMPREPLY=($(compgen -W "integrity confidentiality" -- "$cur"))
		return
		;;
	esac

	local opts
	case ${words[ci]} in
	compile) opts="--table --output --emit --emit-c --model --Werror --include --help" ;;
	check) opts="--table --json --model --Werror --quiet --include --help" ;;
	decompile) opts="--table --json --model --help" ;;
	load) opts="--backend --table --merge --seal --boot --dry-run --force --Werror --quiet --include --help" ;;
	status) opts="--backend --json --help" ;;
	query) opts="--backend --policy --table --json --quiet --help" ;;
	diff) opts="--backend --policy --table --json --include --help" ;;
	reasons) opts="--table --json --help" ;;
	explain) opts="--table --json --model --help" ;;
	suggest) opts="--backend --base --output --json --table --model --help" ;;
	seal) opts="--backend --help" ;;
	help) COMPREPLY=($(compgen -W "$commands" -- "$cur")); return ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
		return
	fi
	case ${words[ci]} in
	query | explain)
		COMPREPLY=($(compgen -W "$(_ldpolicy_reasons) $(_ldpolicy_paths)" -- "$cur"))
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
