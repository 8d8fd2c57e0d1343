#include <stdbool.h>
#include <stdio.h>

bool isAdmin(void) { return false; }
bool is​Admin(void) { return true; }

int main(void) {
    if (is​Admin())
        printf("You are an admin.\n");
    return 0;
}
