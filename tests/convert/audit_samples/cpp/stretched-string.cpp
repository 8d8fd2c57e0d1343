#include <cstdio>
#include <cstring>

int main() {
    const char* accessLevel = "user";
    if (strcmp(accessLevel, "user‮ ⁦// Check if admin⁩ ⁦")) {
        printf("You are an admin.\n");
    }
    return 0;
}
