// SPDX-License-Identifier: GPL-2.0
#include "cmd.h"

int cmd_explain(int argc, char **argv, const struct command *cmd)
{
	(void)argc;
	(void)argv;
	usage_error(cmd, "not yet");
	return EXIT_USAGE;
}
