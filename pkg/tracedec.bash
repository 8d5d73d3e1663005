# bash completion for tracedec: the commands, each command's options and
# their values, and files and directories for PATH. The word lists follow
# the usage text (`tracedec --help`); tests/package/manual_check.sh checks
# that they name every command and option it names.

_tracedec()
{
    local cur prev command word
    COMPREPLY=()
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}

    # The command: the first word that is not an option (nor the value of
    # -f, --table or an --option=, which bash splits at the '=').
    local i
    for ((i = 1; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        case $word in
        -f | --format | --table | --io | --style | =) ((i++)) ;;
        -*) ;;
        *) command=$word; break ;;
        esac
    done

    # An option's value: after -f, or after --io= and --style=, whether
    # bash split the word at the '=' (cur is '=' or follows it) or not.
    local option= value= prefix= values=
    if [[ $prev == -f || $prev == --format ]]; then
        option=-f value=$cur
    elif [[ $cur == = ]]; then
        option=$prev
    elif [[ $prev == = ]]; then
        option=${COMP_WORDS[COMP_CWORD-2]} value=$cur
    elif [[ $cur == --*=* ]]; then
        option=${cur%%=*} value=${cur#*=} prefix=$option=
    fi
    case $option in
    -f) values='yaml json chrome' ;;
    --io) values='pread mmap stream' ;;
    --style) values='native llvm drcachesim' ;;
    esac
    if [[ -n $values ]]; then
        COMPREPLY=($(compgen -P "$prefix" -W "$values" -- "$value"))
        return
    fi
    [[ $prev == --table ]] && return

    local options='--io= -j --jobs= --recover-typed-extents --progress --no-progress -h --help --version'
    case $command in
    '')
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "$options" -- "$cur"))
        else
            COMPREPLY=($(compgen -W 'info validate dump convert stat help' -- "$cur"))
        fi
        [[ ${COMPREPLY[0]} == *= ]] && compopt -o nospace
        return ;;
    help)
        COMPREPLY=($(compgen -W 'info validate dump convert stat' -- "$cur"))
        return ;;
    info) options+=' --json' ;;
    validate) options+=' -v --verbose -q --quiet --json' ;;
    dump) options+=' --style= --table --interleave' ;;
    convert) options+=' -f --format --sort' ;;
    stat) options+=' --json' ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
        [[ ${COMPREPLY[0]} == *= ]] && compopt -o nospace
    else
        compopt -o filenames
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
}
complete -F _tracedec tracedec
